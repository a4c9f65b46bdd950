print("howalarming-log")
